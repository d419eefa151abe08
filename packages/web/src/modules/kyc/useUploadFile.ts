import { getUpload } from '@traction/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { client } from '../../app/client';

/**
 * An uploaded document's bytes as an object URL, fetched with the session (an `<img src>` to the
 * API could not send the token). The URL is revoked when the document leaves the screen.
 */
export function useUploadFile(uploadId: number, enabled = true) {
  const query = useQuery({
    queryKey: [getUpload.id, uploadId],
    queryFn: async ({ signal }) => {
      const response = await client.download(getUpload, { id: uploadId }, { signal });
      const type = response.headers.get('content-type') ?? 'application/octet-stream';
      const blob = new Blob([await new Response(response.body).arrayBuffer()], { type });
      return { url: URL.createObjectURL(blob), type };
    },
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
  const url = query.data?.url;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  return query;
}
