import { useState } from 'react';
import type { User } from '../../api/types';
import { CurrentPasswordField, EmailField, NameField } from '../../ui/AccountFields';
import { fieldBinder, stateSetter } from '../../ui/fieldBinding';
import { FormModal } from '../../ui/Modal';
import { NewPasswordFields, useNewPassword } from '../../ui/NewPasswordFields';
import { useDialogCall } from '../../ui/useDialogCall';
import { useEditConflict } from '../../ui/useEditConflict';
import {
  useLazyGetProfileQuery,
  useUpdatePasswordMutation,
  useUpdateProfileMutation,
} from './profileApi';

/**
 * 'Update Profile': name and email. A new e-mail asks for the current password and changes only
 * once the link mailed to it is opened (the server's answer says so).
 */
export function ProfileForm({ user, onClose }: { user: User; onClose: () => void }) {
  const [updateProfile, updating] = useUpdateProfileMutation();
  const [form, setForm] = useState({ name: user.name, email: user.email, currentPassword: '' });
  const changesEmail = form.email.trim().toLowerCase() !== user.email.toLowerCase();
  const [fetchProfile] = useLazyGetProfileQuery();
  const conflict = useEditConflict({
    record: user,
    // The screen reads the same cached profile, so the reload refreshes it too.
    reload: async () => (await fetchProfile().unwrap()).data,
    onReloaded: (fresh) => setForm({ name: fresh.name, email: fresh.email, currentPassword: '' }),
    tags: () => [],
  });
  const { dialog, send } = useDialogCall({
    onClose,
    running: updating,
    messages: {
      success: 'Profile updated successfully',
      failure: 'Failed to update profile. Please try again.',
    },
    notify: conflict.save,
  });
  const submit = () =>
    send(
      updateProfile({
        version: conflict.version,
        name: form.name.trim(),
        email: form.email.trim(),
        ...(changesEmail ? { currentPassword: form.currentPassword } : {}),
      }).unwrap(),
    );
  const set = stateSetter(setForm);
  const bind = fieldBinder('profile', form, set);
  return (
    <FormModal {...dialog} title="Update Profile" submitLabel="Update" onSubmit={submit}>
      {conflict.notice}
      <NameField label="Name" {...bind('name')} />
      <EmailField label="Email" {...bind('email')} />
      {changesEmail && (
        <CurrentPasswordField
          label="Current Password"
          hint="A new e-mail needs your password. It changes when you open the link we send to it; your old address is then told, with a link to undo it."
          {...bind('currentPassword')}
        />
      )}
    </FormModal>
  );
}

/** 'Update Password': the current password and the new one twice. */
export function PasswordForm({ onClose }: { onClose: () => void }) {
  const [updatePassword, updating] = useUpdatePasswordMutation();
  const [currentPassword, setCurrentPassword] = useState('');
  const newPassword = useNewPassword();
  const { dialog, send } = useDialogCall({
    onClose,
    running: updating,
    messages: {
      success: 'Password updated successfully',
      failure: 'Failed to update password. Please try again.',
    },
  });
  const submit = async () => {
    if (!newPassword.matches()) return;
    await send(
      updatePassword({
        currentPassword,
        newPassword: newPassword.password,
        confirmPassword: newPassword.confirm,
      }).unwrap(),
    );
  };
  return (
    <FormModal {...dialog} title="Update Password" submitLabel="Update Password" onSubmit={submit}>
      <CurrentPasswordField
        id="pw-current"
        label="Current Password"
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
      />
      <NewPasswordFields
        idPrefix="pw-new"
        labels={{ password: 'New Password', confirm: 'Confirm New Password' }}
        {...newPassword.fields}
      />
    </FormModal>
  );
}
