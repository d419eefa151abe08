import { EXIT_CODES_HELP } from '../exit-codes';

/** One line under every command's help. */
export const SHORT_EXIT_CODES = 'Exit codes: 0 ok, 1 error, 2 usage, 3 not signed in, 4 permission denied, 5 some bulk rows failed, 130 Ctrl+C.';

export const ENVIRONMENT_HELP = `Environment:
  TRACTION_API_URL        server to use (instead of the profile's)
  TRACTION_PROFILE        profile to use (instead of the current one)
  TRACTION_TOKEN          session token for jobs (\`traction auth token\`); needs TRACTION_DEVICE_ID,
                          the device it was opened on
  TRACTION_EMAIL          with TRACTION_PASSWORD or TRACTION_PASSWORD_FILE: lets a job sign itself in
                          again from a device that has been approved (no code can be typed in cron);
                          it says so on stderr
  TRACTION_CONFIG         config file (default: $XDG_CONFIG_HOME/traction/config.json)`;

export const ROOT_HELP_AFTER = `
Examples:
  $ traction login
  $ traction admins list --role admin
  $ traction audit list --from yesterday --json
  $ traction export audit --from yesterday --to yesterday --out audit.csv
  $ traction bulk permissions grant --file grants.csv --dry-run
  $ traction help admins create
  $ traction auth token --json
  $ traction api GET /v1/admin/list-admins -f role=admin

Output: a table on a terminal, plain text in pipes; --json (one object per line for lists),
--csv, --out FILE. Without a terminal nothing prompts: commands that ask for confirmation need --yes.

${ENVIRONMENT_HELP}

${EXIT_CODES_HELP}
`;
