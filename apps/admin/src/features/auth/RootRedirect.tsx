import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { getToken } from '../../api/session';
import { useAuth } from '../../platform/auth';

/** `/`: stores an id_token handed over in the query, then goes home when a token exists, else to /login. */
export function RootRedirect() {
  const [params] = useSearchParams();
  const auth = useAuth();
  const idToken = params.get('id_token');
  const stored = useRef(false);
  useEffect(() => {
    if (idToken && !stored.current) {
      stored.current = true;
      auth.signIn(idToken, false);
    }
  }, [idToken, auth]);
  if (idToken && getToken() !== idToken) return null;
  return <Navigate to={idToken || getToken() ? '/my-business-units' : '/login'} replace />;
}
