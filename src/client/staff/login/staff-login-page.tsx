import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Notice } from '../../components/notice';
import { TextField } from '../../components/text-field';
import { staffApi, staffDownloads } from '../staff-api';
import { staffMessages } from '../staff-messages';
import { StaffPage } from '../staff-page';
import type { StaffLoginResponse } from '../../../contract/staff-identity';
import { NewPasswordStep } from './new-password-step';
import { SignInFrame } from './sign-in-frame';
import { TotpStep } from './totp-step';
import { EmailField, StaffForm, SubmitButton } from '../ui/form-controls';

/** The notice another screen sends along (session ended, signed out). */
function noticeOf(state: unknown): string | undefined {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' ? notice : undefined;
}

/**
 * /staff/login: e-mail and password, then the TOTP code (set up by QR code the first time);
 * or single sign-on when the server offers it. Messages come from the server.
 */
export function StaffLoginPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  const [step, setStep] = useState<StaffLoginResponse['next'] | 'credentials'>('credentials');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const options = useQuery({
    queryKey: ['staff', 'sign-in-options'],
    queryFn: ({ signal }) => staffApi.signInOptions(signal),
  });
  const logIn = useMutation({
    mutationFn: staffApi.logIn,
    onSuccess: (answer) => setStep(answer.next),
  });
  const notice = noticeOf(location.state);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    logIn.mutate({ email: email.trim(), password });
  };

  if (step === 'password-change') {
    return (
      <SignInFrame>
        <NewPasswordStep email={email.trim()} onDone={setStep} />
      </SignInFrame>
    );
  }
  if (step !== 'credentials') {
    return (
      <SignInFrame>
        <TotpStep firstTime={step === 'totp-setup'} />
      </SignInFrame>
    );
  }
  return (
    <SignInFrame>
      <StaffPage title="Staff sign in" hasErrors={logIn.isError}>
        {notice && (
          <Notice kind={notice === staffMessages.signedOut ? 'success' : 'error'}>{notice}</Notice>
        )}
        {search.get('error') === 'sso' && <Notice kind="error">{staffMessages.ssoRefused}</Notice>}
        <StaffForm error={logIn.error} onSubmit={submit}>
          <EmailField
            id="staff-email"
            label="E-mail address"
            autoComplete="username"
            value={email}
            onChange={setEmail}
          />
          <TextField
            id="staff-password"
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <SubmitButton busy={logIn.isPending}>Continue</SubmitButton>
        </StaffForm>
        {options.data?.oidc && (
          <p className="staff-login__sso">
            <a className="button button--secondary" href={staffDownloads.oidcStart}>
              Sign in with single sign-on
            </a>
          </p>
        )}
      </StaffPage>
    </SignInFrame>
  );
}
