import { useState } from 'react';
import { notifyMutation } from '../../api/notify';
import type { User } from '../../api/types';
import { CurrentPasswordField, EmailField, NameField } from '../../ui/AccountFields';
import { fieldBinder, stateSetter } from '../../ui/fieldBinding';
import { FormModal } from '../../ui/Modal';
import { NewPasswordFields, useNewPassword } from '../../ui/NewPasswordFields';
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
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
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
  const submit = async () => {
    const ok = await conflict.save(
      updateProfile({
        version: conflict.version,
        name: form.name.trim(),
        email: form.email.trim(),
        ...(changesEmail ? { currentPassword: form.currentPassword } : {}),
      }).unwrap(),
      {
        success: 'Profile updated successfully',
        failure: 'Failed to update profile. Please try again.',
      },
    );
    if (ok) onClose();
  };
  const set = stateSetter(setForm);
  const bind = fieldBinder('profile', form, set);
  return (
    <FormModal
      open
      title="Update Profile"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Update"
      busy={isLoading}
    >
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
  const [updatePassword, { isLoading }] = useUpdatePasswordMutation();
  const [currentPassword, setCurrentPassword] = useState('');
  const newPassword = useNewPassword();
  const submit = async () => {
    if (!newPassword.matches()) return;
    const sent = updatePassword({
      currentPassword,
      newPassword: newPassword.password,
      confirmPassword: newPassword.confirm,
    });
    const ok = await notifyMutation(sent.unwrap(), {
      success: 'Password updated successfully',
      failure: 'Failed to update password. Please try again.',
    });
    if (ok) onClose();
  };
  return (
    <FormModal
      open
      title="Update Password"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Update Password"
      busy={isLoading}
    >
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
