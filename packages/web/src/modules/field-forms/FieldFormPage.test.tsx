// @vitest-environment happy-dom
import { type FieldFormDetail, fieldFormDetail } from '@traction/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import FieldFormPage from './FieldFormPage';

const call = vi.fn();
const download = vi.fn();
vi.mock('../../app/client', () => ({
  client: { call: (...args: unknown[]) => call(...args), download: (...args: unknown[]) => download(...args) },
}));

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const retrieval: FieldFormDetail = {
  id: 42,
  kind: 'RETRIEVAL',
  submittedAt: '2026-11-19T10:00:00.000Z',
  officerName: 'Bola Adeyemi',
  officerEmail: 'bola.adeyemi@traction.ng',
  officerPhone: '+2348035550101',
  officerRole: 'MSO',
  businessId: 7,
  businessName: 'Mama Nkechi Provisions',
  terminal: 9,
  terminalId: '2058ABCD',
  serialNo: 'N86-00412',
  stateCode: 'LA',
  state: 'Lagos',
  area: 'Ikeja',
  latitude: 6.6018,
  longitude: 3.3515,
  summary: 'Inactivity',
  simAction: null,
  simNetwork: null,
  simSerial: null,
  photos: 1,
  visitId: null,
  answers: [
    { key: 'reason', question: 'Why was the terminal retrieved?', answer: 'Inactivity' },
    { key: 'chargerReturned', question: 'Was the charger returned?', answer: 'Yes' },
  ],
  photoList: [{ id: 5, caption: 'Terminal collected', contentType: 'image/png', sizeBytes: 120 }],
  terminalState: 'RETRIEVED',
};

beforeEach(() => {
  call.mockReset();
  download.mockReset();
  call.mockImplementation((command: { id: string }, input: { id: number }) =>
    command.id === 'field-forms.get' ? Promise.resolve({ ...retrieval, id: input.id }) : Promise.reject(new Error(`unexpected ${command.id}`)),
  );
  download.mockImplementation(() => Promise.resolve(new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } })));
});
afterEach(cleanup);

describe('FieldFormPage', () => {
  it('is given a real answer of field-forms.get', () => {
    expect(fieldFormDetail.safeParse(retrieval).success).toBe(true);
  });

  it('shows the officer, the merchant and terminal as links, the answers under their questions and the photos; u goes back to its list', async () => {
    const user = userEvent.setup();
    renderWithSession(<FieldFormPage />, {
      url: '/form-responses/42',
      path: '/form-responses/:id',
      routes: { '*': <Where /> },
      permissions: ['field-forms.view', 'merchants.view', 'terminals.view'],
    });
    await screen.findByRole('heading', { name: 'Retrieval form #42 · Bola Adeyemi' });
    expect(screen.getByRole('link', { name: 'Mama Nkechi Provisions' }).getAttribute('href')).toBe('/merchants/7');
    expect(screen.getByRole('link', { name: '2058ABCD (N86-00412)' }).getAttribute('href')).toBe('/terminals/9');
    const answers = screen.getByTestId('field-form-answers');
    expect(answers.textContent).toContain('Why was the terminal retrieved?Inactivity');
    expect(answers.textContent).toContain('Was the charger returned?Yes');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open Terminal collected full size' })).not.toHaveProperty('disabled', true));
    expect(download).toHaveBeenCalledWith(expect.objectContaining({ id: 'field-forms.photo' }), { id: 42, photoId: 5 }, expect.anything());
    await user.keyboard('u');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/retrieval-response'));
  });

  it('shows names without links to an admin who may not open merchants or terminals', async () => {
    renderWithSession(<FieldFormPage />, { url: '/form-responses/42', path: '/form-responses/:id', permissions: ['field-forms.view'] });
    await screen.findByRole('heading', { name: 'Retrieval form #42 · Bola Adeyemi' });
    expect(screen.queryByRole('link', { name: 'Mama Nkechi Provisions' })).toBeNull();
    expect(screen.getByText('Mama Nkechi Provisions')).toBeTruthy();
  });
});
