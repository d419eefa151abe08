import { reportClientError } from '@traction/core';
import { client } from '../../app/client';
import type { ErrorReporter } from './ErrorReporter';

/** Reports to this server's own store (`client-errors.report`), which engineers read with `client-errors.list`. */
export const serverErrorReporter: ErrorReporter = {
  async send(report) {
    const { id } = await client.call(reportClientError, report);
    return { reference: id };
  },
};
