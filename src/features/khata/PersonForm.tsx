import { useState } from 'react';
import { INDIAN_MOBILE_MESSAGE, indianMobile, mobileText } from '../../../contract/mobile';
import { notifyMutation } from '../../api/notify';
import { Field } from '../../ui/Field';
import { FormModal } from '../../ui/Modal';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { fieldBinder } from '../../ui/fieldBinding';
import { MobileField } from '../../ui/MobileField';
import {
  useAddKhataPersonMutation,
  useUpdateKhataPersonMutation,
  type KhataLedger,
} from './khataApi';

const FIELDS = ['name', 'mobile', 'email'] as const;

/**
 * A person is a name and a mobile number; the e-mail is optional. With `person`, edits them
 * (their entries keep the name and contact typed on them).
 */
export function PersonForm({
  person,
  onClose,
  onSaved,
}: {
  person?: KhataLedger['person'];
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const [add, adding] = useAddKhataPersonMutation();
  const [update, updating] = useUpdateKhataPersonMutation();
  const [form, setForm] = useState({
    name: person?.name ?? '',
    // As people read it ('+91 98765 43210'); any typed form is taken back.
    mobile: person?.mobile ? mobileText(person.mobile) : '',
    email: person?.email ?? '',
  });
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
    const input = { name: form.name.trim(), mobile, email: form.email.trim() };
    const call = person
      ? update({ id: person._id, ...input, version: person.version })
      : add(input);
    let id: string | undefined;
    const ok = await notifyMutation(
      call.unwrap().then((answer) => {
        id = answer.data._id;
        return answer;
      }),
      {
        success: person ? 'Person saved' : 'Person added',
        failure: 'Failed to save the person. Please try again.',
      },
      refused.capture,
    );
    if (ok && id) onSaved(id);
  };

  const bind = fieldBinder('khata-person', form, set, { mobile: mobileProblem }, refused.errors);
  return (
    <FormModal
      open
      title={person ? `Edit ${person.name}` : 'Add person'}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={person ? 'Save' : 'Add'}
      busy={adding.isLoading || updating.isLoading}
    >
      <Field label="Name" required maxLength={100} autoComplete="off" {...bind('name')} />
      <MobileField hint="An Indian mobile number; +91 may be left out" {...bind('mobile')} />
      <Field label="Email (optional)" type="email" autoComplete="off" {...bind('email')} />
    </FormModal>
  );
}
