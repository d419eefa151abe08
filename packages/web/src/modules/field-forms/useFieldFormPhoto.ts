import { getFieldFormPhoto } from '@traction/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { client } from '../../app/client';

/**
 * A field form's photo as an object URL, fetched with the session (an `<img src>` to the API
 * could not send the token). The URL is revoked when the photo leaves the screen.
 */
export function useFieldFormPhoto(formId: number, photoId: number) {
  const query = useQuery({
    queryKey: [getFieldFormPhoto.id, formId, photoId],
    queryFn: async ({ signal }) => {
      const response = await client.download(getFieldFormPhoto, { id: formId, photoId }, { signal });
      const type = response.headers.get('content-type') ?? 'application/octet-stream';
      return URL.createObjectURL(new Blob([await new Response(response.body).arrayBuffer()], { type }));
    },
    staleTime: Infinity,
    gcTime: 0,
  });
  const url = query.data;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  return query;
}
