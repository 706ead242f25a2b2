import type { Role } from '../../../../shared/account';

export const roleLabels: Record<Role, string> = {
  student: 'Student',
  admin: 'Administrator',
};

export const roleOptions: { value: Role; label: string }[] = [
  { value: 'student', label: roleLabels.student },
  { value: 'admin', label: roleLabels.admin },
];
