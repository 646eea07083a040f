// What Vidlift checked after an upload landed, and what it says before one starts (issue 26).
// Codes with their params only: the window (renderer/src/lib/upload-verification.ts) and the
// command line word them. The checks themselves: electron/core/uploads/verification.ts.
import { z } from 'zod';

/**
 * Why a stored title differs from the name sent, when the difference is one a known receiver
 * makes (electron/core/uploads/verification.ts holds the table that recognises each):
 * - `read-as-latin1`: the name's UTF-8 bytes read as Latin-1 / Windows-1252 (é became Ã©);
 * - `cut-at-backslash`: only what follows the last backslash kept (a Windows-path rule);
 * - `escapes-kept`: `"`, CR or LF kept as the %22 / %0D / %0A they are sent as;
 * - `escapes-decoded`: a %22 / %0D / %0A written in the name read as `"`, CR or LF;
 * - `shortened`: cut to a length limit;
 * - `characters-replaced`: some characters replaced by `?`, `_` or �.
 */
export const TitleChangeReason = z.enum(['read-as-latin1', 'cut-at-backslash', 'escapes-kept', 'escapes-decoded', 'shortened', 'characters-replaced']);
export type TitleChangeReason = z.infer<typeof TitleChangeReason>;

/**
 * The title the service stored, against the name sent. `same` also when the service dropped
 * the extension or stored the same characters in another Unicode normalization (what a person
 * sees is identical); `unknown` when neither the file server nor operation 15 named it.
 */
export const TitleCheck = z.discriminatedUnion('status', [
  z.object({ status: z.literal('same') }),
  z.object({ status: z.literal('differs'), stored: z.string(), reasons: z.array(TitleChangeReason) }),
  z.object({ status: z.literal('unknown') }),
]);
export type TitleCheck = z.infer<typeof TitleCheck>;

/**
 * The video looked for in its intended folder at the listing after the upload: `found`;
 * `missing` when the listing did not hold it; `unchecked` when the folder could not be listed.
 */
export const FolderCheck = z.enum(['found', 'missing', 'unchecked']);
export type FolderCheck = z.infer<typeof FolderCheck>;

export const UploadVerification = z.object({ title: TitleCheck, folder: FolderCheck });
export type UploadVerification = z.infer<typeof UploadVerification>;

export { isVerified } from './upload-verified.ts';

/**
 * What a file's name holds that no browser can send as it is (said in the queue before the
 * upload): `quote` and `line-break` go as %22 and %0D / %0A (the HTML standard's multipart
 * encoding), shown so by a file server that does not decode them; `escape-like` is a %22, %0D
 * or %0A written in the name itself, which a server that decodes them reads as `"`, CR or LF.
 */
export const NameWarning = z.enum(['quote', 'line-break', 'escape-like']);
export type NameWarning = z.infer<typeof NameWarning>;
