import type { CommandOutput, newSweep } from '@traction/core';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import type { SweepPageState } from './SweepPageState';
import { sweepPath } from './sweepPaths';

/** After sweeps.new: the form closes and the draft's page opens on its preview, saying what the server did. */
export function useSweepMade() {
  const closeForm = useSetAtom(commandRequestAtom);
  const navigate = useNavigate();
  return useCallback(
    (output: CommandOutput<typeof newSweep>) => {
      closeForm(null);
      const state: SweepPageState = { notice: output.message };
      navigate(sweepPath(output.sweep.id), { state });
    },
    [closeForm, navigate],
  );
}
