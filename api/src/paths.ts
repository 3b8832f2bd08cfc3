/**
 * Files the API reads beside its code. Both `src/` (run through tsx) and `dist/` (the built
 * bundle, see build.mjs) sit directly in the api folder, so one relative step finds the same
 * folders from either; this module is the only place that may say so, since a bundle moves code.
 */
const here = import.meta.url;
/** True when running from the built bundle (dist/*.js) rather than the TypeScript sources. */
const built = here.endsWith('.js');

/** The api package folder. */
export const API_ROOT = new URL('../', here);
/** The repository root (the embedded database's default `.data/` lives there). */
export const REPO_ROOT = new URL('../../', here);
/** Drizzle's SQL migrations. */
export const MIGRATIONS_FOLDER = new URL('drizzle/', API_ROOT);
/** Audio and other files shipped with the API. */
export const ASSETS_FOLDER = new URL('assets/', API_ROOT);
/** The document-reading worker: its own entry in the bundle, a source module under tsx. */
export const EXTRACTION_WORKER = built
  ? new URL('dist/extraction-worker.js', API_ROOT)
  : new URL('src/modules/knowledge/extraction-worker.ts', API_ROOT);
