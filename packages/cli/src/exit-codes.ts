/** What `traction` exits with; documented in `--help` and the README. */
export const EXIT = {
  ok: 0,
  /** Anything else went wrong: the server refused, could not be reached, a file could not be written. */
  error: 1,
  /** The command line or an input file was wrong, or a confirmation was declined; nothing was sent. */
  usage: 2,
  /** Not signed in, or the session ended: run `traction login`. */
  notSignedIn: 3,
  /** The signed-in admin lacks the permission the command needs. */
  permissionDenied: 4,
  /** A bulk run finished but some rows failed (see its results file). */
  rowsFailed: 5,
  /** Stopped by Ctrl+C (128 + SIGINT), at a prompt too (Esc at the sign-in prompt as well); a bulk run resumes where it stopped. */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit-code table shown by `--help`. */
export const EXIT_CODES_HELP = `Exit codes:
  0    success
  1    error (the server refused or failed, a file could not be written)
  2    usage (bad command line or input file), or a confirmation declined; nothing was sent
  3    not signed in, or the session expired (run \`traction login\`)
  4    permission denied
  5    some rows of a bulk run failed (see the results file)
  130  interrupted by Ctrl+C, or the sign-in prompt left (re-run a bulk run to resume it)`;
