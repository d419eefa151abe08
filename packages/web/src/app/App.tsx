import { useEffect, useState } from 'react';

type Health = { status: string; database: string } | { status: 'unreachable' };

/**
 * The console's screens (sign-in, shell, palette, tables) are the web console's own piece of
 * work; until they land this page says so plainly and shows that the API behind it is up.
 */
export function App() {
  const [health, setHealth] = useState<Health | null>(null);
  useEffect(() => {
    fetch('/health')
      .then((r) => r.json() as Promise<Health>)
      .then(setHealth)
      .catch(() => setHealth({ status: 'unreachable' }));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 560, margin: '12vh auto', padding: '0 24px', lineHeight: 1.5 }}>
      <h1 style={{ fontSize: 22, marginBottom: 4 }}>Traction Admin</h1>
      <p style={{ marginTop: 0, opacity: 0.7 }}>Back office API</p>
      <p data-testid="api-health">
        API: <strong>{health ? health.status : 'checking…'}</strong>
        {health && 'database' in health ? ` · database ${health.database}` : ''}
      </p>
      <p>
        The console screens are not available yet. The API is: see the <a href="/openapi.json">OpenAPI document</a> and
        the README for signing in with curl.
      </p>
    </main>
  );
}
