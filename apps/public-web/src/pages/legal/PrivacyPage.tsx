import { Link } from 'react-router-dom';
import { runtimeConfig } from '../../runtime-config.js';
import { LegalLayout, type LegalSection } from './LegalLayout.js';
import { LEGAL_TERMS } from './legal-terms.js';

function Mail({ to }: { to: string }) {
  return <a href={`mailto:${to}`}>{to}</a>;
}

export default function PrivacyPage() {
  const { brandName: brand, supportEmail, salesEmail } = runtimeConfig;
  const t = LEGAL_TERMS;

  const sections: LegalSection[] = [
    {
      id: 'who-we-are',
      title: 'Who we are and what this policy covers',
      content: (
        <>
          <p>
            {brand} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) runs an IP intelligence service that tells security
            and fraud-prevention teams whether an IP address belongs to a VPN, Tor or proxy network, and which
            company, location and network it belongs to. We offer it as an API subscription, a dashboard
            subscription and an enterprise subscription.
          </p>
          <p>
            This policy explains what personal data we collect on this website, through its forms and through
            those subscriptions, why we collect it, how long we keep it and what you can ask us to do with it.
          </p>
          <p>
            For data about you as a visitor or customer, we are the controller. For the IP addresses that
            customers send to the API for checking, we act as a processor on the customer&rsquo;s behalf: the
            customer decides why those addresses are checked, and its own privacy notice applies to them.
          </p>
        </>
      ),
    },
    {
      id: 'what-we-collect',
      title: 'What we collect',
      content: (
        <>
          <p>We only collect what each form or feature needs.</p>
          <ul>
            <li>
              <strong>Waitlist:</strong> your e-mail address and, if you choose to give them, your company and
              use case.
            </li>
            <li>
              <strong>VPN detection request:</strong> the name of the VPN application, its Google Play Store
              link, your e-mail address and the additional information you write.
            </li>
            <li>
              <strong>Contact forms:</strong> your name, e-mail address, subject and message, your agreement
              to us processing them, and, on the secure contact form, whether you asked to receive product
              news.
            </li>
            <li>
              <strong>E-mail verification:</strong> each form sends a six-digit code to the address you gave.
              We store only a keyed hash of the code, never the code itself, and it expires after 5 minutes.
            </li>
            <li>
              <strong>Security information:</strong> the IP address and browser user agent of each form
              submission and verification attempt, and, on the security demo page, the security events the
              page reports (the type of event, what was detected, the time, your user agent and the page
              address).
            </li>
            <li>
              <strong>API and dashboard customers:</strong> account details (name, business e-mail address,
              company and billing details) and usage records: how many lookups each of your API keys made on
              each day, and when each key was last used.
            </li>
            <li id="queried-addresses">
              <strong>Addresses you check:</strong> the IP addresses you submit for checking can identify
              people, so they are personal data. By default the API keeps none of them: it answers each lookup
              from its own data and keeps nothing beyond the per-key daily counts above.
            </li>
            <li>
              <strong>Your browser:</strong> this site remembers your light, dark or system theme choice in
              your browser&rsquo;s local storage. We use no advertising cookies and no third-party trackers.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'why-we-use-it',
      title: 'Why we use it',
      content: (
        <ul>
          <li>To answer your messages and VPN detection requests, and to tell you when the API launches.</li>
          <li>To confirm that you control the e-mail address you gave us, before anything else happens.</li>
          <li>
            To provide the subscriptions: answer API queries, show results in the dashboard, count usage
            against your plan, invoice you and give support.
          </li>
          <li>
            To keep the service safe: limit request rates, refuse disposable e-mail domains, detect abuse and
            investigate security incidents.
          </li>
          <li>To send you product news, but only if you ticked the box asking for it.</li>
          <li>To keep the accounting and tax records the law requires.</li>
        </ul>
      ),
    },
    {
      id: 'legal-bases',
      title: 'Legal bases (GDPR)',
      content: (
        <>
          <p>Where the EU or UK General Data Protection Regulation applies, we rely on these legal bases:</p>
          <ul>
            <li>
              <strong>Contract</strong> (Article 6(1)(b)): to provide a subscription you signed up for, or to
              take the steps you asked for before signing up, such as joining the waitlist.
            </li>
            <li>
              <strong>Consent</strong> (Article 6(1)(a)): to process contact messages you agreed to send us,
              and to send product news. You can withdraw consent at any time; this does not affect what we did
              before.
            </li>
            <li>
              <strong>Legitimate interests</strong> (Article 6(1)(f)): to secure the site and the service,
              prevent fraud and abuse, and improve detection quality. We weigh these interests against your
              rights, and you can object (see &ldquo;Your rights&rdquo;).
            </li>
            <li>
              <strong>Legal obligation</strong> (Article 6(1)(c)): to keep invoices and answer lawful requests
              from authorities.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      content: (
        <ul>
          <li>
            <strong>Customer data</strong> (account details and usage records): for as long as the
            subscription lasts. Data is retained {t.dataRetentionDays} days after termination, so that you can
            ask for an export, and is then deleted, except invoices and other records the law requires us to
            keep.
          </li>
          <li>
            <strong>IP addresses submitted for checking</strong>: not kept. Each is answered and forgotten;
            only the count of lookups per key and day stays, as part of the usage records.
          </li>
          <li>
            <strong>Verification codes</strong> expire after 5 minutes and cannot be used after that, or more
            than once.
          </li>
          <li>
            <strong>Waitlist entries</strong>: until the API launches and we have invited you, or until you
            ask to be removed, whichever comes first.
          </li>
          <li>
            <strong>Contact messages and VPN detection requests</strong>: for as long as we need to answer and
            follow up on them.
          </li>
          <li>
            <strong>Security records</strong> (IP addresses, user agents, security events): for as long as we
            need them to investigate and prevent abuse.
          </li>
          <li>
            <strong>Your product-news choice</strong>: until you unsubscribe or ask us to delete it.
          </li>
        </ul>
      ),
    },
    {
      id: 'processors',
      title: 'Who we share it with',
      content: (
        <>
          <p>
            We do not sell personal data and we do not share it for advertising. We share it only with service
            providers (processors) who handle it on our instructions, under written data-processing
            agreements:
          </p>
          <ul>
            <li>hosting and database providers that run the website, the API and the dashboard;</li>
            <li>our e-mail delivery provider, which sends verification codes, confirmations and replies;</li>
            <li>our payment and invoicing providers, for customers.</li>
          </ul>
          <p>
            We may also disclose data to professional advisers under a duty of confidentiality, to a buyer of
            our business under this same policy, or to authorities when the law requires it.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'How we protect it',
      content: (
        <ul>
          <li>All data travels over HTTPS with 256-bit SSL (TLS) encryption.</li>
          <li>Verification codes are stored only as keyed hashes and expire after 5 minutes.</li>
          <li>
            Every form checks and cleans what you type, both in your browser and on our servers, and requests
            are rate limited.
          </li>
          <li>
            Only staff who need the data can reach it, through personal accounts with strong passwords,
            lockout after repeated failed sign-ins and optional two-factor authentication; every sign-in is
            logged.
          </li>
        </ul>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      content: (
        <>
          <p>Depending on where you live, you can ask us to:</p>
          <ul>
            <li>give you a copy of your personal data (access and portability);</li>
            <li>correct data that is wrong or incomplete;</li>
            <li>delete your data, or restrict how we use it;</li>
            <li>stop using it for our legitimate interests or for product news (objection);</li>
            <li>withdraw any consent you gave.</li>
          </ul>
          <p>
            Write to <Mail to={supportEmail} /> or use the <Link to="/contact">contact page</Link>. We answer
            within one month and may ask you to confirm your identity first. If your request concerns IP
            addresses a customer sent us for checking, we pass it on to that customer. You can also complain
            to your local data protection authority.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Minimum age',
      content: (
        <p>
          This site and the service are for businesses. You must be at least {t.minimumAge} years old to use
          them, and we do not knowingly collect personal data from anyone under {t.minimumAge}. If you believe
          a child under {t.minimumAge} has sent us data, contact us and we will delete it.
        </p>
      ),
    },
    {
      id: 'international-transfers',
      title: 'International transfers',
      content: (
        <p>
          Your data may be processed in {t.governingLaw}, whose law governs our terms and which the European
          Commission recognizes as giving personal data adequate protection, and in the countries where our
          processors operate. When data leaves the European Economic Area or the United Kingdom for a country
          without such recognition, we protect it with the European Commission&rsquo;s Standard Contractual
          Clauses (or the UK equivalent) and additional safeguards where needed.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      content: (
        <p>
          When we change this policy, we update the date at the top of this page. If a change materially
          affects how we use your data, customers are told by e-mail before it takes effect.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      content: (
        <>
          <p>
            For privacy questions and requests, write to <Mail to={supportEmail} /> or use the{' '}
            <Link to="/contact">contact page</Link>. For questions about subscriptions, write to{' '}
            <Mail to={salesEmail} />.
          </p>
        </>
      ),
    },
  ];

  return (
    <LegalLayout
      title="Privacy Policy"
      dateLine="Last updated: August 21, 2025"
      isoDate="2025-08-21"
      summary={
        <p>
          We collect what you type into our forms, how many lookups API customers make (never the addresses
          they check), and your IP address and browser details for security. We use it to answer you, run the
          service and keep it safe, never for advertising. Customer data is retained {t.dataRetentionDays}{' '}
          days after termination, then deleted. You can ask for a copy or deletion at any time.
        </p>
      }
      sections={sections}
    />
  );
}
