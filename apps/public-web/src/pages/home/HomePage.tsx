import { Suspense, type ReactNode } from 'react';
import { ApiSection } from './sections/ApiSection.js';
import { CallToActionSection } from './sections/CallToActionSection.js';
import { CapabilitiesSection } from './sections/CapabilitiesSection.js';
import { EnterpriseSection } from './sections/EnterpriseSection.js';
import { FeaturesSection } from './sections/FeaturesSection.js';
import { GlobalNetworkSection } from './sections/GlobalNetworkSection.js';
import { HeroSection } from './sections/HeroSection.js';
import { StatsSection } from './sections/StatsSection.js';
import { TechnologySection } from './sections/TechnologySection.js';
import { UseCasesSection } from './sections/UseCasesSection.js';

/**
 * One unit of hydration. The prerendered landing page is the largest of the site: a Suspense
 * boundary around each section lets React hydrate the sections one by one, each in a task of its
 * own, yielding to the browser between them (Lighthouse mobile counts every task over 50 ms).
 * Nothing here suspends: the boundaries render in place on the server and on client navigation.
 */
function HydrationUnit({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** The landing page: its ten sections, top to bottom. */
export default function HomePage() {
  return (
    <>
      <HeroSection />
      {[
        StatsSection,
        FeaturesSection,
        GlobalNetworkSection,
        CapabilitiesSection,
        TechnologySection,
        ApiSection,
        UseCasesSection,
        EnterpriseSection,
        CallToActionSection,
      ].map((Section) => (
        <HydrationUnit key={Section.name}>
          <Section />
        </HydrationUnit>
      ))}
    </>
  );
}
