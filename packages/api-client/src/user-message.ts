import { messages } from '@lokaler/domain/api-error';
import { isApiClientError } from './api-client-error';

/**
 * The one place where a failed call becomes the text a user sees (spec 01 §8 "Rejected server call"):
 * the server's userMsg when it sent one, else the network message for network errors, else the
 * unexpected message.
 */
export function userMessageOf(error: unknown): string {
  if (isApiClientError(error)) {
    if (error.userMsg) return error.userMsg;
    if (error.kind === 'network') return messages.network;
  }
  return messages.unexpected;
}

/**
 * Spec 01 §8 "Data loading failure": 'Feil ved henting av data' plus the server's userMsg or msg.
 * Without a server answer the second line is the same text userMessageOf gives.
 */
export function loadFailureMessage(error: unknown): { title: string; detail: string } {
  const detail = isApiClientError(error) && error.kind === 'http' && !error.userMsg ? error.message : userMessageOf(error);
  return { title: messages.loadFailed, detail };
}
