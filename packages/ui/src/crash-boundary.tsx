import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashPage } from './error-page';

interface Props {
  /** Reports the crash (the apps send it to POST /api/frontenderror). */
  onError: (error: unknown, componentStack: string | undefined) => void;
  homeHref?: string;
  children: ReactNode;
}

/**
 * Catches a render crash outside the router (providers, the router itself) and shows the crash page.
 * Crashes inside routes are caught by the router's errorElement (RouteErrorElement).
 */
export class CrashBoundary extends Component<Props, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError(error, info.componentStack ?? undefined);
  }

  override render() {
    if (this.state.crashed) {
      return (
        <main id="main" className="lk-main">
          <CrashPage homeHref={this.props.homeHref} />
        </main>
      );
    }
    return this.props.children;
  }
}
