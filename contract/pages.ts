/**
 * Every page route of both specs. The Worker answers these with the SPA and page data
 * (200); any other path gets the SPA's Persian 404 page with status 404.
 */
export const pagePatterns: RegExp[] = [
  /^\/$/,
  /^\/(services|enterprisePurchase|payment|contact|terms|about|extension|prices|logout|batch)\/?$/,
  /^\/password\/reset(\/.*)?$/,
  /^\/directaccess\/[^/]+(\/[^/]+)?\/?$/,
  /^\/profile(\/[A-Za-z]+)?\/?$/,
  /^\/admin(\/[A-Za-z]+)?\/?$/,
  /^\/panel2?(\/[A-Za-z]+)?\/?$/,
  /^\/solver\/?$/,
  /^\/dev\/outbox\/?$/,
  /^\/verify\/email\/?$/,
];

export function isPagePath(pathname: string): boolean {
  return pagePatterns.some((re) => re.test(pathname));
}
