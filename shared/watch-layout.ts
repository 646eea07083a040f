// Where a watch folder puts what it uploaded, without a schema library: the window names it
// (Settings) and its bundle carries no zod (shared/contract-names.ts); shared/watch.ts re-exports it.
export const UPLOADED_SUBFOLDER = 'uploaded';
