// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { withFilter } from '../modules/list/filterFields';
import { useSearchParamsUpdate } from './useSearchParamsUpdate';

afterEach(cleanup);

/** Two filters set by one event, before the page renders again: as a fast typist on a busy machine sets them. */
function Filters() {
  const [params, update] = useSearchParamsUpdate();
  const location = useLocation();
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <output data-testid="type">{params.get('type') ?? ''}</output>
      <button
        type="button"
        onClick={() => {
          update((current) => withFilter(current, 'type', 'DOCUMENT'));
          update((current) => withFilter(current, 'status', 'PENDING'));
        }}
      >
        both
      </button>
      <button type="button" onClick={() => update((current) => withFilter(current, 'status', null))}>
        any status
      </button>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/list', element: <Filters /> },
      { path: '/other', element: <p>other</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useSearchParamsUpdate', () => {
  it('keeps both of two changes made before the page renders again', async () => {
    renderAt('/list?page=2');
    await userEvent.click(screen.getByText('both'));
    const search = new URLSearchParams(screen.getByTestId('search').textContent ?? '');
    expect(Object.fromEntries(search)).toEqual({ page: '2', type: 'DOCUMENT', status: 'PENDING' });
    expect(screen.getByTestId('type').textContent).toBe('DOCUMENT');
  });

  it('starts from the URL again once it moves for another reason (Back, a link)', async () => {
    const router = renderAt('/list?type=ADDRESS');
    await userEvent.click(screen.getByText('both'));
    await act(() => router.navigate('/other'));
    await act(() => router.navigate('/list?type=EMAIL&status=APPROVED'));
    await userEvent.click(screen.getByText('any status'));
    expect(screen.getByTestId('search').textContent).toBe('?type=EMAIL');
  });
});
