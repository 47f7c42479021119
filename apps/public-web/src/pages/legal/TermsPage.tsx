import { Link } from 'react-router-dom';
import { runtimeConfig } from '../../runtime-config.js';
import { LegalLayout, type LegalSection } from './LegalLayout.js';
import { LEGAL_TERMS } from './legal-terms.js';

function Mail({ to }: { to: string }) {
  return <a href={`mailto:${to}`}>{to}</a>;
}

export default function TermsPage() {
  const { brandName: brand, supportEmail, salesEmail } = runtimeConfig;
  const t = LEGAL_TERMS;

  const sections: LegalSection[] = [
    {
      id: 'about',
      title: 'About these terms',
      content: (
        <>
          <p>
            These terms are the agreement between {brand} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) and the
            customer who subscribes to our service (&ldquo;you&rdquo;). They apply from the moment you create
            an account, accept an order form or first use the API or the dashboard.
          </p>
          <p>
            If you accept them for a company or other organization, you confirm that you may bind it, and
            &ldquo;you&rdquo; means that organization. If an order form signed by both of us says something
            different from these terms, the order form wins for that subscription. The{' '}
            <Link to="/eula">End-User License Agreement</Link> covers the software we provide, and the{' '}
            <Link to="/privacy">Privacy Policy</Link> explains how we handle personal data.
          </p>
        </>
      ),
    },
    {
      id: 'offerings',
      title: 'What we offer',
      content: (
        <>
          <p>
            The service identifies whether an IP address belongs to a VPN, Tor or proxy network, and returns
            company, geolocation and network details. It comes in three subscriptions:
          </p>
          <ul>
            <li>
              <strong>API subscription:</strong> programmatic access to the detection API (for example{' '}
              <code>GET /api/v1/vpn/check?ip=</code>) up to the query volume of your plan.
            </li>
            <li>
              <strong>Dashboard subscription:</strong> access to the web dashboard, where your team looks up
              addresses, reviews results and follows usage, for the number of users in your plan.
            </li>
            <li>
              <strong>Enterprise subscription:</strong> API and dashboard access at the volumes, support and
              service terms agreed in a signed order form.
            </li>
          </ul>
          <p>
            Prices, volumes and the subscription period of each plan are shown when you subscribe or in your
            order form. The API has not launched yet; until it does, these terms apply to any early access we
            give you.
          </p>
        </>
      ),
    },
    {
      id: 'eligibility',
      title: 'Who may use the service',
      content: (
        <p>
          The service is for business use. You must be at least {t.minimumAge} years old to use it or this
          website, and the information you give us when you sign up must be true and kept up to date.
        </p>
      ),
    },
    {
      id: 'accounts',
      title: 'Accounts and API keys',
      content: (
        <>
          <p>
            You are responsible for everything done with your account and your API keys, so keep them secret.
          </p>
          <ul>
            <li>
              <strong>API keys must not be shared.</strong> Each key is issued to your account for your own
              systems. Do not give it to anyone outside your organization, sell it, publish it, or place it in
              code that others can read, such as a public repository, a mobile app or a web page.
            </li>
            <li>Each dashboard user needs their own login; do not share passwords.</li>
            <li>
              If you think a key or password has leaked, tell us at once at <Mail to={supportEmail} />. We may
              revoke and replace a key that we believe is exposed or misused.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      content: (
        <>
          <p>You must not:</p>
          <ul>
            <li>
              <strong>test the security of the service.</strong> Security testing is prohibited: no
              penetration tests, vulnerability scans, fuzzing, load or stress tests, and no attempts to get
              around authentication, rate limits or plan limits, unless we have agreed to it in writing. Using
              the public security demo page as intended is not security testing. If you come across a
              vulnerability, report it to <Mail to={supportEmail} /> and do not use it.
            </li>
            <li>resell, sublicense or publish our results or data outside what your plan allows;</li>
            <li>copy, scrape or rebuild our database, or use it to build a competing product;</li>
            <li>use the service for anything unlawful, or to discriminate unlawfully against people;</li>
            <li>send us data you have no right to send.</li>
          </ul>
          <p>
            Detection results are one signal about a connection. Decisions that significantly affect a person
            should not rest on them alone.
          </p>
        </>
      ),
    },
    {
      id: 'your-data',
      title: 'Your data',
      content: (
        <p>
          The IP addresses you submit and the results we return to you are your data. You allow us to process
          them only to provide, secure and support the service, as your processor, as described in the{' '}
          <Link to="/privacy">Privacy Policy</Link>. You are responsible for having a lawful basis to send
          them.
        </p>
      ),
    },
    {
      id: 'fees',
      title: 'Fees and payment',
      content: (
        <ul>
          <li>
            Fees are those of your plan or order form and are invoiced in advance, plus applicable taxes.
          </li>
          <li>Invoices are due within {t.paymentDueDays} days of the invoice date.</li>
          <li>
            Late amounts bear interest of {t.lateInterestPerMonth} per month, or the highest rate the law
            allows if that is lower, from the due date until paid.
          </li>
          <li>
            If a payment is {t.suspensionAfterDaysLate} or more days late, we may suspend access to the API
            and the dashboard after telling you by e-mail. We restore access promptly once you have paid.
          </li>
          <li>
            If you dispute an invoice in good faith, tell us before it is due; we will not suspend access over
            the disputed amount while we work it out together.
          </li>
        </ul>
      ),
    },
    {
      id: 'availability',
      title: 'Availability and support',
      content: (
        <>
          <p>
            Our target uptime for the API and the dashboard is {t.targetUptime} in each calendar month.
            Planned maintenance that we announce in advance, and events outside our reasonable control, do not
            count as downtime. The target is a commitment to try, not a guarantee, unless an enterprise order
            form adds service credits.
          </p>
          <p>
            We refresh the detection database every 12 hours. Support is available by e-mail at{' '}
            <Mail to={supportEmail} />.
          </p>
        </>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual property',
      content: (
        <p>
          We own the service, its software and its database, including everything we build from them. These
          terms give you the right to use the service during your subscription; they do not transfer any
          ownership. If you send us suggestions, we may use them without owing you anything.
        </p>
      ),
    },
    {
      id: 'confidentiality',
      title: 'Confidentiality',
      content: (
        <p>
          Each of us will keep the other&rsquo;s non-public information (such as pricing, API keys, queried
          addresses and technical details) confidential, use it only for this agreement, and share it only
          with people who need it and are bound by similar duties.
        </p>
      ),
    },
    {
      id: 'termination',
      title: 'Term and termination',
      content: (
        <ul>
          <li>
            Your subscription runs for the period of your plan or order form, and renews unless cancelled.
          </li>
          <li>You may cancel at any time; the cancellation takes effect at the end of the paid period.</li>
          <li>
            Either of us may end the agreement if the other materially breaches it and does not cure the
            breach within {t.breachCureDays} days after receiving written notice of it.
          </li>
          <li>
            We may suspend access at once, without waiting for the cure period, when that is needed to stop a
            security threat or a breach of the acceptable-use rules, and we will tell you why.
          </li>
        </ul>
      ),
    },
    {
      id: 'after-termination',
      title: 'What happens after termination',
      content: (
        <p>
          Your access ends and unpaid fees become due. Your data is retained {t.dataRetentionDays} days after
          termination, so that you can ask for an export, and is then deleted, except records that the law
          requires us to keep. The sections on fees, confidentiality, intellectual property, liability and
          governing law continue to apply.
        </p>
      ),
    },
    {
      id: 'warranties',
      title: 'Warranties and disclaimer',
      content: (
        <p>
          We provide the service with reasonable skill and care. Detection is based on data aggregated from
          many sources and is never perfect, so apart from what these terms say, the service is provided
          &ldquo;as is&rdquo;, without any other warranty, including that every result is correct or that the
          service is never interrupted.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      content: (
        <>
          <p>
            Each party&rsquo;s total liability arising from this agreement is limited to the amounts you paid
            us under it in the {t.liabilityCapMonths} months before the event that gave rise to the claim.
          </p>
          <p>
            Neither of us is liable for indirect or consequential loss, or for lost profits, revenue or data.
            These limits do not apply to your obligation to pay fees, or to liability that the law does not
            allow to be limited, such as liability for fraud.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      content: (
        <p>
          We may update these terms. We tell customers by e-mail before a material change takes effect; the
          new version applies from your next renewal, or earlier if you accept it. The date at the top of this
          page shows when these terms took effect.
        </p>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing law',
      content: (
        <p>
          These terms are governed by the laws of the State of {t.governingLaw}, and the competent courts of{' '}
          {t.governingLaw} have exclusive jurisdiction over any dispute about them.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      content: (
        <p>
          Questions about your subscription or an invoice: <Mail to={salesEmail} />. Technical questions and
          notices: <Mail to={supportEmail} />. You can also use our <Link to="/contact">contact page</Link>.
        </p>
      ),
    },
  ];

  return (
    <LegalLayout
      title="SaaS Terms"
      dateLine="Effective: August 12, 2025"
      isoDate="2025-08-12"
      summary={
        <p>
          Keep your API keys to yourself, do not test our security, and pay invoices within {t.paymentDueDays}{' '}
          days. We aim for {t.targetUptime} uptime, keep your data {t.dataRetentionDays} days after
          termination, and our liability is capped at what you paid in the last {t.liabilityCapMonths} months.
          The laws of {t.governingLaw} apply.
        </p>
      }
      sections={sections}
    />
  );
}
