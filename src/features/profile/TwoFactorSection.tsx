import { useState } from 'react';
import { toast } from 'react-toastify';
import { failureMessage } from '../../api/errors';
import { notifyMutation } from '../../api/notify';
import type { User } from '../../api/types';
import { Field } from '../../ui/Field';
import { CurrentPasswordField } from '../../ui/AccountFields';
import { CheckField } from '../../ui/CheckField';
import { FormModal, Modal } from '../../ui/Modal';
import { styles } from '../../ui/styles';
import {
  useConfirmTwoFactorMutation,
  useDisableTwoFactorMutation,
  useGetTwoFactorQuery,
  useNewRecoveryCodesMutation,
  useSetTwoFactorPolicyMutation,
  useStartTwoFactorMutation,
} from './accountApi';

type Setup = { secret: string; uri: string; qrCode: string };

/** The recovery codes, shown once: copy or download them before closing. */
function RecoveryCodesModal({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const text = `${codes.join('\n')}\n`;
  return (
    <Modal open title="Your recovery codes" onClose={onClose}>
      <p className="text-sm text-gray-700">
        Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown
        only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="mt-3 grid grid-cols-2 gap-2 rounded-md bg-gray-50 p-3 font-mono text-sm"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className={styles.btnSecondary}
          onClick={() =>
            void (navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard')))
              .then(() => toast.success('Recovery codes copied'))
              .catch(() => toast.error('Could not copy. Please select and copy them.'))
          }
        >
          Copy
        </button>
        <a
          className={styles.btnSecondary}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
        >
          Download
        </a>
        <button type="button" className={styles.btnPrimary} onClick={onClose}>
          I have saved them
        </button>
      </div>
    </Modal>
  );
}

/**
 * A step that asks for the current password (a session left open must not be enough) and,
 * `withCode`, a current code or recovery code, then runs `action` with them; a refusal shows
 * under the field.
 */
function PasswordStep({
  title,
  submitLabel,
  busy,
  intro,
  failure,
  onClose,
  action,
  withCode = false,
}: {
  title: string;
  submitLabel: string;
  busy: boolean;
  intro?: string;
  failure: string;
  onClose: () => void;
  action: (password: string, code: string) => Promise<void>;
  withCode?: boolean;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  return (
    <FormModal
      open
      title={title}
      onClose={onClose}
      submitLabel={submitLabel}
      busy={busy}
      onSubmit={async () => {
        setError(undefined);
        try {
          await action(password, code.trim());
        } catch (e) {
          setError(failureMessage(e, failure));
        }
      }}
    >
      {intro && <p className="text-sm text-gray-700">{intro}</p>}
      <CurrentPasswordField
        id="tfa-password"
        label="Current Password"
        value={password}
        error={withCode ? undefined : error}
        onChange={(e) => setPassword(e.target.value)}
      />
      {withCode && (
        <Field
          id="tfa-code-check"
          label="Code from the app, or a recovery code"
          autoComplete="one-time-code"
          required
          value={code}
          error={error}
          onChange={(e) => setCode(e.target.value)}
        />
      )}
    </FormModal>
  );
}

/** Turning two-factor on: the password, then the key (QR and text), then a first code. */
function TurnOnModal({
  onClose,
  onCodes,
}: {
  onClose: () => void;
  onCodes: (c: string[]) => void;
}) {
  const [start, starting] = useStartTwoFactorMutation();
  const [confirm, confirming] = useConfirmTwoFactorMutation();
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<Setup>();
  const [error, setError] = useState<string>();

  if (!setup)
    return (
      <PasswordStep
        title="Turn on two-factor sign-in"
        submitLabel="Continue"
        busy={starting.isLoading}
        failure="Failed to start. Please try again."
        onClose={onClose}
        action={async (password) => setSetup((await start({ password }).unwrap()).data)}
      />
    );
  return (
    <FormModal
      open
      title="Turn on two-factor sign-in"
      onClose={onClose}
      submitLabel="Turn on"
      busy={confirming.isLoading}
      onSubmit={async () => {
        setError(undefined);
        try {
          const result = await confirm({ code: code.trim() }).unwrap();
          toast.success(result.message);
          onCodes(result.data.recoveryCodes);
        } catch (e) {
          setError(failureMessage(e, 'Failed to turn it on. Please try again.'));
          setCode('');
        }
      }}
    >
      <p className="text-sm text-gray-700">
        Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator,
        1Password…), or type the key into it. Then enter the 6-digit code it shows.
      </p>
      <img
        src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrCode)}`}
        alt="QR code of the two-factor key"
        className="mx-auto h-48 w-48"
      />
      <p className="text-sm">
        Key:{' '}
        <code data-testid="totp-secret" className="break-all rounded bg-gray-100 px-1 font-mono">
          {setup.secret}
        </code>
      </p>
      <Field
        id="tfa-code"
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        value={code}
        error={error}
        onChange={(e) => setCode(e.target.value)}
      />
    </FormModal>
  );
}

/** Turning it off: the password and a current code (or a recovery code). */
function TurnOffModal({ onClose }: { onClose: () => void }) {
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  return (
    <PasswordStep
      title="Turn off two-factor sign-in"
      submitLabel="Turn off"
      busy={isLoading}
      withCode
      failure="Failed to turn it off. Please try again."
      onClose={onClose}
      action={async (password, code) => {
        const result = await disable({ password, code }).unwrap();
        toast.success(result.message);
        onClose();
      }}
    />
  );
}

function NewCodesModal({
  onClose,
  onCodes,
}: {
  onClose: () => void;
  onCodes: (c: string[]) => void;
}) {
  const [renew, { isLoading }] = useNewRecoveryCodesMutation();
  return (
    <PasswordStep
      title="New recovery codes"
      submitLabel="Make new codes"
      busy={isLoading}
      withCode
      intro="The codes you have now will stop working."
      failure="Failed to make new codes. Please try again."
      onClose={onClose}
      action={async (password, code) =>
        onCodes((await renew({ password, code }).unwrap()).data.recoveryCodes)
      }
    />
  );
}

/** Two-factor sign-in on Profile; for a company, whether its people must use it. */
export function TwoFactorSection({ user }: { user: User }) {
  const status = useGetTwoFactorQuery();
  const [setPolicy, policy] = useSetTwoFactorPolicyMutation();
  const [modal, setModal] = useState<'on' | 'off' | 'renew' | null>(null);
  const [codes, setCodes] = useState<string[]>();
  const enabled = status.data?.data.enabled ?? user.twoFactorEnabled;
  const left = status.data?.data.recoveryCodesLeft;
  const showCodes = (c: string[]) => {
    setModal(null);
    setCodes(c);
  };
  return (
    <section aria-labelledby="tfa-heading" className="mt-8">
      <h3 id="tfa-heading" className="text-lg font-semibold text-gray-900">
        Two-factor sign-in
      </h3>
      <p className="mt-1 text-sm text-gray-700">
        {enabled ? (
          <>
            <strong className="text-green-800">On.</strong> Sign-in asks for a code from your
            authenticator app.
            {left !== undefined && ` ${left} recovery ${left === 1 ? 'code' : 'codes'} left.`}
          </>
        ) : (
          'Off. Turn it on so that a stolen password alone cannot sign in as you.'
        )}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {enabled ? (
          <>
            <button type="button" className={styles.btnSecondary} onClick={() => setModal('renew')}>
              New recovery codes
            </button>
            <button type="button" className={styles.btnSecondary} onClick={() => setModal('off')}>
              Turn off
            </button>
          </>
        ) : (
          <button type="button" className={styles.btnPrimary} onClick={() => setModal('on')}>
            Turn on two-factor sign-in
          </button>
        )}
      </div>
      {user.role === 'company' && (
        <CheckField
          className="mt-4"
          checked={user.requireTwoFactor}
          disabled={policy.isLoading}
          onChange={(required) =>
            void notifyMutation(setPolicy({ required }).unwrap(), {
              success: required
                ? 'Your people must now use two-factor sign-in'
                : 'Two-factor sign-in is now up to each person',
              failure: 'Failed to save. Please try again.',
            })
          }
        >
          Require two-factor sign-in of my project managers
        </CheckField>
      )}
      {modal === 'on' && <TurnOnModal onClose={() => setModal(null)} onCodes={showCodes} />}
      {modal === 'off' && <TurnOffModal onClose={() => setModal(null)} />}
      {modal === 'renew' && <NewCodesModal onClose={() => setModal(null)} onCodes={showCodes} />}
      {codes && <RecoveryCodesModal codes={codes} onClose={() => setCodes(undefined)} />}
    </section>
  );
}
