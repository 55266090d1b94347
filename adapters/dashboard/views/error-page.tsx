/** @jsxImportSource hono/jsx */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { listOf } from '../mode-switch.js';
import { PlainLayout } from './layout.js';

/** Not found (including another merchant's ids), refused, or failed: a page, never a stack trace. */
export const errorPage = (c: Context, status: ContentfulStatusCode, message: string) => {
  const list = listOf(c.req.path);
  return c.html(
    <PlainLayout title={status === 404 ? 'Not found' : status >= 500 ? 'Error' : 'Not allowed'}>
      <p>{message}</p>
      <p>
        {list ? (
          <>
            <a href={list}>Back to the list</a> ·{' '}
          </>
        ) : null}
        <a href="/dashboard">Back to the overview</a>
      </p>
    </PlainLayout>,
    status,
  );
};
