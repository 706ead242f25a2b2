import { useState } from 'react';
import { TextInputField, type TextInputFieldProps } from './field';
import { useCommonText } from '../../i18n/namespaces/common';

export function PasswordField(props: Omit<TextInputFieldProps, 'type' | 'trailing'>) {
  const { t } = useCommonText();
  const [visible, setVisible] = useState(false);
  return (
    <TextInputField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={visible ? t('password.hidePassword') : t('password.showPassword')}
          className="rounded px-2 py-1 text-xs font-semibold text-indigo-700 hover:bg-indigo-50"
        >
          {visible ? t('password.hide') : t('password.show')}
        </button>
      }
    />
  );
}
