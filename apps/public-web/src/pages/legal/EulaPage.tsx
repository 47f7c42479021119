import { Link } from 'react-router-dom';
import { runtimeConfig } from '../../runtime-config.js';
import { LegalLayout, type LegalSection } from './LegalLayout.js';
import { LEGAL_TERMS } from './legal-terms.js';

function Mail({ to }: { to: string }) {
  return <a href={`mailto:${to}`}>{to}</a>;
}

export default function EulaPage() {
  const { brandName: brand, supportEmail } = runtimeConfig;
  const t = LEGAL_TERMS;

  const sections: LegalSection[] = [
    {
      id: 'scope',
      title: 'What this agreement covers',
      content: (
        <>
          <p>
            This End-User License Agreement (&ldquo;EULA&rdquo;) covers the software {brand} provides with its
            API, dashboard and enterprise subscriptions (the &ldquo;Software&rdquo;):
          </p>
          <ul>
            <li>
              <strong>the dashboard</strong>, the web application in which your team looks up IP addresses and
              reviews results and usage;
            </li>
            <li>
              <strong>API clients</strong>: the client libraries, command-line tools and sample code we
              publish for calling the detection API, with their documentation.
            </li>
          </ul>
          <p>
            It applies together with the <Link to="/terms">SaaS Terms</Link>. By installing or using the
            Software you accept it. You must be at least {t.minimumAge} years old to use the Software.
          </p>
        </>
      ),
    },
    {
      id: 'license',
      title: 'License grant',
      content: (
        <>
          <p>
            While your subscription is active, we grant you a limited, non-exclusive, non-transferable
            license, without the right to sublicense, to:
          </p>
          <ul>
            <li>
              use the dashboard for your internal business purposes, with the number of users in your plan;
            </li>
            <li>
              install and run the API clients on systems you control, and build them into your own
              applications, only to call the API under your own subscription;
            </li>
            <li>copy and change our sample code for that purpose.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'restrictions',
      title: 'Restrictions',
      content: (
        <>
          <p>You must not, and must not let anyone else:</p>
          <ul>
            <li>
              reverse engineer, decompile or disassemble the Software, or try to extract its source code or
              our detection methods, except where the law allows it despite this restriction;
            </li>
            <li>
              share API keys: keys are issued to your account and must not be given to others, published, or
              built into software you distribute to third parties;
            </li>
            <li>
              perform security testing of the Software or the service (penetration tests, vulnerability scans,
              fuzzing, load tests) without our written permission;
            </li>
            <li>sell, rent, lend or redistribute the Software, or offer it to others as a service;</li>
            <li>get around usage limits, license checks or other technical protections;</li>
            <li>remove or change copyright, trademark or other notices in the Software;</li>
            <li>use the Software to build a competing product or database.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'ownership',
      title: 'Ownership',
      content: (
        <p>
          The Software is licensed, not sold. {brand} and its licensors keep all rights, title and interest in
          it, including every copy, update and change we make. Open-source components included in the Software
          are covered by their own licenses, which we list with the component; nothing in this EULA limits
          your rights under those licenses.
        </p>
      ),
    },
    {
      id: 'updates',
      title: 'Updates',
      content: (
        <p>
          We update the dashboard in place, and publish new versions of the API clients from time to time, to
          fix problems, add features or follow changes in the API. Updates are covered by this EULA. Older API
          client versions may stop working when the API changes; we announce breaking changes in advance where
          we reasonably can, so that you have time to upgrade.
        </p>
      ),
    },
    {
      id: 'termination',
      title: 'Termination',
      content: (
        <>
          <p>
            This license ends automatically when your subscription ends. It also ends if you breach this EULA
            and do not cure the breach within {t.breachCureDays} days after we notify you, or at once if you
            breach the restrictions on API keys or security testing.
          </p>
          <p>
            When the license ends you must stop using the Software and delete the API clients from your
            systems. The sections on ownership, disclaimer, liability and governing law continue to apply.
          </p>
        </>
      ),
    },
    {
      id: 'disclaimer',
      title: 'Disclaimer',
      content: (
        <p>
          Except as the SaaS Terms expressly state, the Software is provided &ldquo;as is&rdquo; and &ldquo;as
          available&rdquo;, without warranties of any kind, including that it is error-free, that it will run
          without interruption, or that every detection result is correct. Some jurisdictions do not allow
          these exclusions, in which case they apply as far as the law allows.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      content: (
        <p>
          Our total liability arising from the Software is limited to the amounts you paid us in the{' '}
          {t.liabilityCapMonths} months before the event that gave rise to the claim. We are not liable for
          indirect or consequential loss, or for lost profits, revenue or data, except where the law does not
          allow that limitation.
        </p>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing law',
      content: (
        <p>
          This EULA is governed by the laws of the State of {t.governingLaw}, and the competent courts of{' '}
          {t.governingLaw} have exclusive jurisdiction over any dispute about it.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      content: (
        <p>
          Questions about this EULA: <Mail to={supportEmail} /> or our <Link to="/contact">contact page</Link>
          .
        </p>
      ),
    },
  ];

  return (
    <LegalLayout
      title="End-User License Agreement"
      dateLine="Effective: August 12, 2025"
      isoDate="2025-08-12"
      summary={
        <p>
          You may use the dashboard and our API clients while your subscription lasts, for your own business.
          Do not reverse engineer them, share API keys or test their security. We own the Software, the laws
          of {t.governingLaw} apply, and our liability is capped at what you paid in the last{' '}
          {t.liabilityCapMonths} months.
        </p>
      }
      sections={sections}
    />
  );
}
