/**
 * The page a navigation gets when the network fails: built into the service worker (no request,
 * no cache entry), the same for everyone: it names no user and holds no page data. "Try again"
 * loads the address again from the network.
 */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function offlinePage(fontUrl: string | null): string {
  const font = fontUrl ? `@font-face{font-family:Vazirmatn;src:url("${escapeHtml(fontUrl)}") format("woff2");font-display:swap}` : "";
  return `<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0f4c81">
<title>دریافت | اتصال برقرار نیست</title>
<style>${font}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f5f7fa;color:#1c2430;font-family:Vazirmatn,Tahoma,sans-serif;line-height:1.8}
main{max-width:26rem;margin:1rem;padding:1.5rem;background:#fff;border:1px solid #d8dee6;border-radius:12px;text-align:center}
h1{font-size:1.25rem;margin:0 0 .5rem;color:#0f4c81}
p{margin:0 0 1rem;color:#5b6675}
a{display:inline-block;padding:.5rem 1.25rem;border-radius:8px;background:#0f4c81;color:#fff;text-decoration:none;font-weight:700}
a:focus-visible{outline:3px solid #f2a541;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>اتصال به اینترنت برقرار نیست</h1>
<p>این صفحه بدون اتصال باز نمی‌شود. پس از وصل شدن دوباره، «تلاش دوباره» را بزنید.</p>
<a href="">تلاش دوباره</a>
</main>
</body>
</html>`;
}
