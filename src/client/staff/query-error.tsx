import { Notice } from '../components/notice';
import { ServerError } from '../api/errors';
import { genericErrorMessage } from '../messages';

/** A failed call's message where its data would be (a 401 is on its way to /staff/login). */
export function QueryError({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <Notice kind="error">
      {error instanceof ServerError ? error.message : genericErrorMessage()}
    </Notice>
  );
}
