// The version `vidlift-cli --version` prints: the app's own (package.json), so the command
// line and the app beside it never disagree.
import packageJson from '../../package.json' with { type: 'json' };

export const VERSION: string = packageJson.version;
