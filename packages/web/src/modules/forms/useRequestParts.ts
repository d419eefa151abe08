import { useEffect, useMemo, useState } from 'react';
import { formPartsLoaders } from '../../app/formPartsLoaders';
import type { CommandRequest } from './commandRequestAtom';
import type { FormParts } from './FormParts';

/** Parts already loaded, by command id: a form opened again shows at once. */
const loaded = new Map<string, FormParts>();

/**
 * The request as its form should see it: with the parts its command's page gives its form when
 * the caller named none (the palette's New transfer gets the bank picker and the name enquiry too).
 * Null while those parts load, the first time.
 */
export function useRequestParts(request: CommandRequest | null): CommandRequest | null {
  const id = request?.command.id;
  const load = request && !request.parts && id ? formPartsLoaders[id] : undefined;
  const [, setReady] = useState(0);
  useEffect(() => {
    if (!load || !id || loaded.has(id)) return;
    let current = true;
    void load().then((parts) => {
      loaded.set(id, parts);
      if (current) setReady((n) => n + 1);
    });
    return () => {
      current = false;
    };
  }, [load, id]);
  const parts = id ? loaded.get(id) : undefined;
  return useMemo(() => {
    if (!request || !load) return request;
    return parts ? { ...request, parts } : null;
  }, [request, load, parts]);
}
