import { listSheetVersions, type SheetSource } from '@traction/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ListPage } from '../list/ListPage';

/** Every version of a sheet, newest first, by upload date and tag; Enter opens a version's rows. */
export function SheetVersionsView({ source, title, path }: { source: SheetSource; title: string; path: string }) {
  const navigate = useNavigate();
  const open = useCallback((row: Record<string, unknown>) => navigate(`${path}?version=${String(row.version)}`), [navigate, path]);
  return (
    <ListPage
      command={listSheetVersions}
      title={`${title}: versions`}
      description="Each upload is a new version. Filter by upload date, search by tag; Enter opens a version's rows."
      rowNoun={{ one: 'version', other: 'versions' }}
      fixed={{ source }}
      selectable={false}
      onOpenRow={open}
    />
  );
}
