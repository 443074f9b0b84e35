import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/text-field';
import { QueryError } from '../query-error';
import { staffApi } from '../staff-api';
import { staffMessages } from '../staff-messages';
import { StaffPage } from '../staff-page';
import { returnPathOf } from '../staff-paths';
import { memberQueryKey } from '../staff-query-client';
import { StaffForm, SubmitButton } from '../ui/form-controls';

/**
 * The second factor. The first time, the server's QR code (an SVG it drew) shows as an image from
 * a data: address, never as markup put into the page, with the secret as text for typing in.
 */
export function TotpStep({ firstTime }: { firstTime: boolean }) {
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState(false);
  const setup = useQuery({
    queryKey: ['staff', 'totp-setup'],
    queryFn: ({ signal }) => staffApi.totpSetup(signal),
    enabled: firstTime,
    gcTime: 0,
  });
  const confirm = useFinishSignIn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    setFormatError(!/^\d{6}$/.test(digits));
    if (/^\d{6}$/.test(digits)) confirm.mutate(digits);
    else document.getElementById('staff-totp')?.focus();
  };

  return (
    <StaffPage
      title={firstTime ? 'Set up your authenticator' : 'Enter your code'}
      hasErrors={formatError || confirm.isError}
    >
      {firstTime && (
        <div className="staff-totp-setup">
          <p>
            Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft
            Authenticator or 1Password), then enter the 6-digit code it shows.
          </p>
          <QueryError error={setup.error} />
          {setup.data && (
            <>
              <img
                className="staff-totp-setup__qr"
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qrSvg)}`}
                alt="QR code to add the staff console to an authenticator app"
                width={200}
                height={200}
              />
              <p>
                Cannot scan it? Enter this key in the app instead:{' '}
                <code className="staff-totp-setup__secret">{setup.data.secret}</code>
              </p>
            </>
          )}
        </div>
      )}
      {!firstTime && (
        <p>Enter the 6-digit code your authenticator app shows for the staff console.</p>
      )}
      <StaffForm error={confirm.error} onSubmit={submit}>
        <TextField
          id="staff-totp"
          name="code"
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={setCode}
          errors={formatError ? [staffMessages.codeFormat] : []}
        />
        <SubmitButton busy={confirm.isPending}>Sign in</SubmitButton>
      </StaffForm>
    </StaffPage>
  );
}

/** After the second factor: the member is known, and the console opens. */
function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return useMutation({
    mutationFn: staffApi.confirmTotp,
    onSuccess: (member) => {
      queryClient.setQueryData(memberQueryKey, member);
      // Back to the screen the member was on (or had opened by its address), else the list.
      void navigate(returnPathOf(location.state), { replace: true });
    },
  });
}
