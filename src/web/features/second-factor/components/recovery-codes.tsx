import { useId } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { useSecondFactorText } from '../../../i18n/namespaces/second-factor';

/**
 * Ten recovery codes, shown this once: copied or saved as a file before leaving. Each signs in
 * once in place of the passkey or the app.
 */
export function RecoveryCodes({
  codes,
  siteName,
  headingLevel,
}: {
  codes: string[];
  siteName: string;
  /** Its heading's level in the page around it. */
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useSecondFactorText();
  const headingId = useId();
  const asText = `${t('recoveryCodes.fileHeading', { siteName })}\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([asText], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <Heading id={headingId} className="font-semibold">
        {t('recoveryCodes.title')}
      </Heading>
      <p className="mt-1 text-sm">{t('recoveryCodes.explanation')}</p>
      <ol
        aria-label={t('recoveryCodes.listLabel')}
        className="mt-3 grid grid-cols-1 gap-1 font-mono text-base sm:grid-cols-2"
        dir="ltr"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-slate-900">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button
          variant="secondary"
          onClick={() =>
            navigator.clipboard.writeText(codes.join('\n')).then(
              () => toast.success(t('recoveryCodes.copied')),
              () => toast.error(t('recoveryCodes.copyFailed')),
            )
          }
        >
          {t('recoveryCodes.copy')}
        </Button>
        <Button variant="secondary" onClick={download}>
          {t('recoveryCodes.download')}
        </Button>
      </div>
    </section>
  );
}
