/**
 * Sizes of the fake Crossref's feeds of update notices (providers/crossref.ts updateFeed), in a
 * module without Node imports so worker tests can read them: every UTC day holds NOTICES_PER_DAY
 * notice records (one in five a new version, which warns of nothing) and UPDATED_PER_DAY works
 * updated by a Retraction Watch retraction.
 */
export const NOTICES_PER_DAY = 120;
export const UPDATED_PER_DAY = 60;
/** Of NOTICES_PER_DAY, the ones of a kind a reader is warned of. */
export const WARNING_NOTICES_PER_DAY = (NOTICES_PER_DAY * 4) / 5;
