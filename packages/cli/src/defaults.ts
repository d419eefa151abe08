import pkg from '../package.json' with { type: 'json' };

/** The CLI's version, shown by `--version` and sent as the "browser version" of its device. */
export const CLI_VERSION: string = pkg.version;

/** The server used when neither a flag, the environment nor the profile names one (`npm start`'s). */
export const DEFAULT_API_URL = 'http://localhost:8080';
