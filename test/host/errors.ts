// Every application failure of the service is HTTP 500 with {message, status: 500}
// (spec section 7), so handlers throw this and the router writes the one error body.
export class HostError extends Error {
  override readonly name = 'HostError';
}

export const fail = (message: string): never => {
  throw new HostError(message);
};

export const MESSAGES = {
  invalidKey: 'Invalid API Key',
  fileNotFound: 'File not found',
  folderNotFound: 'Folder not found',
  remoteNotFound: 'Remote upload not found',
  brokenDeploy: 'This operation is temporarily unavailable: it requires a backend deployment fix',
} as const;
