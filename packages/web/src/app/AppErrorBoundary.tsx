import { Component, type ReactNode } from 'react';
import { RenderErrorPage } from '../modules/system/RenderErrorPage';

interface State {
  error: { value: unknown } | null;
}

/**
 * The last line: a render error outside every route's own error element (the router, the
 * providers) shows the error page on its own and is reported, instead of a blank screen.
 * React catches render errors only in a class component; the page it shows sends the report.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: { value: error } };
  }

  override render() {
    if (this.state.error) return <RenderErrorPage error={this.state.error.value} route={window.location.pathname} standalone />;
    return this.props.children;
  }
}
