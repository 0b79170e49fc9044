/** An email address that opens the admin's mail program; long addresses wrap instead of overflowing. */
export function MailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="break-all underline-offset-4 hover:underline">
      {email}
    </a>
  );
}
