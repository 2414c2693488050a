/**
 * The signed-in user's own account over GraphQL (spec §3 User, §7 me, saveSettings, uploadUserPhoto; and
 * removeUserPhoto, changePassword, deleteAccount): the operations (checked against server/schema.graphql by
 * core/graphql/operations.test.ts), the answer's zod/mini shape and the calls <hearth-account> makes. Errors come
 * back as values the element shows where they happened (`muteError`), never as toasts.
 */
import * as z from 'zod/mini';
import { mutate, query, type Result } from '../graphql/call';
import { upload, uploadAnswer, uploadRequest, type UploadOptions } from '../graphql/upload';
import { lazySchema } from '../validation/lazy-schema';

z.config({ jitless: true });

const ACCOUNT_FIELDS = /* GraphQL */ `
  id
  firstName
  lastName
  legalName
  email
  emailVerified
  phone
  phoneText: phone(format: DISPLAY)
  agent
  image
  hasPassword
  googleLinked
  notificationSettings
`;

export const AccountQuery = /* GraphQL */ `
  query Account {
    me {
      ${ACCOUNT_FIELDS}
    }
  }
`;

export const SaveSettingsMutation = /* GraphQL */ `
  mutation SaveSettings(
    $firstName: String
    $lastName: String
    $email: String
    $phone: String
    $agent: Boolean
    $legalName: String
    $notificationSettings: JSON
  ) {
    saveSettings(
      firstName: $firstName
      lastName: $lastName
      email: $email
      phone: $phone
      agent: $agent
      legalName: $legalName
      notificationSettings: $notificationSettings
    ) {
      ${ACCOUNT_FIELDS}
    }
  }
`;

export const UploadUserPhotoMutation = /* GraphQL */ `
  mutation UploadUserPhoto($file: File!) {
    uploadUserPhoto(file: $file) {
      ${ACCOUNT_FIELDS}
    }
  }
`;

export const RemoveUserPhotoMutation = /* GraphQL */ `
  mutation RemoveUserPhoto {
    removeUserPhoto {
      ${ACCOUNT_FIELDS}
    }
  }
`;

export const ChangePasswordMutation = /* GraphQL */ `
  mutation ChangePassword($currentPassword: String, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
      signedOutDevices
    }
  }
`;

export const DeleteAccountMutation = /* GraphQL */ `
  mutation DeleteAccount($password: String) {
    deleteAccount(password: $password) {
      deleted
    }
  }
`;

const buildAccountSchema = () =>
  z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    legalName: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    phone: z.string(),
    phoneText: z.string(),
    agent: z.boolean(),
    image: z.nullable(z.string()),
    hasPassword: z.boolean(),
    googleLinked: z.boolean(),
    notificationSettings: z.unknown(),
  });

export type Account = z.infer<ReturnType<typeof buildAccountSchema>>;

const accountSchema = lazySchema(buildAccountSchema);
const changedSchema = lazySchema(() => z.object({ signedOutDevices: z.number() }));
const deletedSchema = lazySchema(() => z.object({ deleted: z.boolean() }));

/** What saveSettings changes: only the fields given (spec §7). */
export interface SettingsChange {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  agent?: boolean;
  legalName?: string;
  notificationSettings?: Record<string, boolean>;
}

export const loadAccount = (): Promise<Result<Account>> => query(AccountQuery, {}, accountSchema, { requestPolicy: 'network-only', muteError: true });

export const saveSettings = (change: SettingsChange): Promise<Result<Account>> => mutate(SaveSettingsMutation, { ...change }, accountSchema, { muteError: true });

export const removeUserPhoto = (): Promise<Result<Account>> => mutate(RemoveUserPhotoMutation, {}, accountSchema, { muteError: true });

/** uploadUserPhoto with progress (core/graphql/upload.ts). */
export function uploadUserPhoto(file: Blob & { name?: string }, options: UploadOptions = {}): Promise<Result<Account>> {
  return upload(uploadRequest(UploadUserPhotoMutation, {}, 'file', file), (status, text) => uploadAnswer(UploadUserPhotoMutation, accountSchema, status, text), options);
}

export const changePassword = (currentPassword: string | null, newPassword: string): Promise<Result<{ signedOutDevices: number }>> =>
  mutate(ChangePasswordMutation, { currentPassword, newPassword }, changedSchema, { muteError: true });

export const deleteAccount = (password: string | null): Promise<Result<{ deleted: boolean }>> =>
  mutate(DeleteAccountMutation, { password }, deletedSchema, { muteError: true });
