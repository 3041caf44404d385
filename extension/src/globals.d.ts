/** The Daryaft origin the build was made for (scripts/build-extension.ts, DARYAFT_ORIGIN). */
declare const DARYAFT_ORIGIN: string;
