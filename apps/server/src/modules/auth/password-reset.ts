import { PASSWORD_RESET_TTL_SECONDS, PRODUCT_NAME } from '@notewise/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';

/** Where users open this instance: PUBLIC_URL, else this machine's own port. */
export function publicBaseUrl(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/**
 * The web page that sets a new password with a reset token. Built from the configuration only, never
 * from the request's Host header, which a requester could forge to have the link point elsewhere.
 */
export function resetPageUrl(config: Pick<Config, 'publicUrl' | 'port'>, token: string): string {
  return `${publicBaseUrl(config)}/reset-password?token=${encodeURIComponent(token)}`;
}

export interface ResetLinkRecipient {
  email: string;
  name: string;
}

export function resetEmail(recipient: ResetLinkRecipient, link: string) {
  const minutes = PASSWORD_RESET_TTL_SECONDS / 60;
  return {
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      `Hello ${recipient.name},`,
      '',
      `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account.`,
      `Open this link within ${minutes} minutes to choose a new one; it works once:`,
      '',
      link,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * Emails reset links through SMTP_URL. Sending runs in the background so the answer to "Forgot
 * password?" takes as long for an unknown email as for a known one.
 */
export function createResetMailer(
  config: Pick<Config, 'publicUrl' | 'port'> & { smtp: NonNullable<Config['smtp']> },
  log: FastifyBaseLogger,
) {
  // Loaded with the first reset email, not at start: most servers never send one.
  let transport: Promise<{ sendMail(message: object): Promise<unknown> }> | undefined;
  return async (recipient: ResetLinkRecipient, token: string): Promise<void> => {
    const message = resetEmail(recipient, resetPageUrl(config, token));
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(config.smtp.url),
    );
    // Not awaited, the import included: the answer must not wait for the first send either.
    transport
      .then((mailer) => mailer.sendMail({ from: config.smtp.from, to: recipient.email, ...message }))
      .then(
        () => log.info('password-reset email sent'),
        (err: unknown) => log.error({ err }, 'password-reset email could not be sent'),
      );
  };
}
