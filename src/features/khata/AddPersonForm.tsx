import { useState } from 'react';
import { INDIAN_MOBILE_MESSAGE, indianMobile } from '../../../contract/mobile';
import { notifyMutation } from '../../api/notify';
import { Field } from '../../ui/Field';
import { FormModal } from '../../ui/Modal';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { useAddKhataPersonMutation } from './khataApi';

const FIELDS = ['name', 'mobile', 'email'] as const;

/** A person is a name and a mobile number; the e-mail is optional. */
export function AddPersonForm({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (id: string) => void;
}) {
  const [add, adding] = useAddKhataPersonMutation();
  const [form, setForm] = useState({ name: '', mobile: '', email: '' });
  const [mobileProblem, setMobileProblem] = useState<string>();
  const refused = useFieldErrors(FIELDS);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm({ ...form, [key]: e.target.value });
    refused.clear(key);
    if (key === 'mobile') setMobileProblem(undefined);
  };

  const submit = async () => {
    const mobile = form.mobile.trim();
    if (mobile && indianMobile(mobile) === null) {
      setMobileProblem(`Mobile ${INDIAN_MOBILE_MESSAGE}`);
      return;
    }
    let id: string | undefined;
    const ok = await notifyMutation(
      add({ name: form.name.trim(), mobile, email: form.email.trim() })
        .unwrap()
        .then((answer) => {
          id = answer.data._id;
          return answer;
        }),
      { success: 'Person added', failure: 'Failed to add the person. Please try again.' },
      refused.capture,
    );
    if (ok && id) onAdded(id);
  };

  return (
    <FormModal
      open
      title="Add person"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Add"
      busy={adding.isLoading}
    >
      <Field
        id="khata-person-name"
        label="Name"
        required
        maxLength={100}
        autoComplete="off"
        value={form.name}
        error={refused.errors.name}
        onChange={set('name')}
      />
      <Field
        id="khata-person-mobile"
        label="Mobile"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="98765 43210"
        hint="An Indian mobile number; +91 may be left out"
        value={form.mobile}
        error={mobileProblem ?? refused.errors.mobile}
        onChange={set('mobile')}
      />
      <Field
        id="khata-person-email"
        label="Email (optional)"
        type="email"
        autoComplete="off"
        value={form.email}
        error={refused.errors.email}
        onChange={set('email')}
      />
    </FormModal>
  );
}
