/**
 * Sample DOIs the offline stack answers (tests/fakes/README.md "Scenarios by DOI"): listed in the
 * README and printed by `npm run start:offline`, and driven by tests/browser/start-offline.test.ts.
 */
export const offlineSamples = [
  { doi: "10.5555/oa-unpaywall-1", outcome: "open-access PDF (Unpaywall, CC BY)", sign_in: "anyone, no login" },
  {
    doi: "10.5555/licensed-1",
    outcome: "licensed PDF (Elsevier): costs one article credit",
    sign_in: "uni@daryaft.test (institution quota) or a user with credits; a guest or user without credit gets «buy»",
  },
  {
    doi: "10.5555/none-1",
    outcome: "offline: no source has it; a signed-in user gets the offline request with the 5 s countdown",
    sign_in: "user@daryaft.test",
  },
  { doi: "10.5555/retracted-1", outcome: "open-access PDF with the retraction warning", sign_in: "anyone" },
] as const;
