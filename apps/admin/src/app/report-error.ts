import { describeError, logFrontendError } from '@lokaler/api-client/frontend-error-log';

/** Sends a render crash to the client log (spec 01 §8 "Render crash … reported to the log call"). */
export function reportCrash(error: unknown, componentStack?: string): void {
  void logFrontendError(componentStack ? `${describeError(error)}\n${componentStack}` : describeError(error));
}
