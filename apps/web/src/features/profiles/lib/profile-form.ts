import { createProfileInput, updateProfileInput, type AvatarKey, type CreateProfileInput, type Profile, type UpdateProfileInput } from '@parde/contract';
import { messages } from '../messages';
import { cleanPin, type HolderProof } from './proof';

export type ProfileFormValues = { name: string; avatar: AvatarKey; kids: boolean; pin: string; removePin: boolean };
export type ProfileFormErrors = Partial<Record<'name' | 'avatar' | 'kids' | 'pin', string>>;

const m = messages.form;

/** The body of a create or an edit: only what changed goes in an edit; an empty PIN means none (or unchanged). */
export function toProfileBody(values: ProfileFormValues, editing: Profile | null, proof: HolderProof): CreateProfileInput | UpdateProfileInput {
  const pin = cleanPin(values.pin);
  if (!editing) return { name: values.name, avatar: values.avatar, kids: values.kids, ...(pin ? { pin } : {}), ...proof };
  const body: UpdateProfileInput = { ...proof };
  if (values.name.trim() !== editing.name) body.name = values.name;
  if (values.avatar !== editing.avatar) body.avatar = values.avatar;
  if (values.kids !== editing.kids) body.kids = values.kids;
  if (values.removePin) body.pin = null;
  else if (pin) body.pin = pin;
  return body;
}

/**
 * The form's rules are the contract's (the schema the API validates with), their sentences ours:
 * one place decides what a valid profile is.
 */
export function validateProfileForm(values: ProfileFormValues, editing: Profile | null): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  const schema = editing ? updateProfileInput : createProfileInput;
  const result = schema.safeParse({ name: values.name, avatar: values.avatar, kids: values.kids, ...(values.pin ? { pin: values.pin } : {}) });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (field === 'name' && !errors.name) errors.name = issue.code === 'too_big' ? m.nameTooLong : m.nameRequired;
      if (field === 'pin' && !errors.pin) errors.pin = m.pinInvalid;
    }
  }
  if (values.pin && !/^\d{4}$/.test(cleanPin(values.pin))) errors.pin = m.pinInvalid;
  if (editing?.main && values.kids) errors.kids = m.mainNotKids;
  return errors;
}
