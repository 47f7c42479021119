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

/** The landing page: its ten sections, top to bottom. */
export default function HomePage() {
  return (
    <>
      <HeroSection />
      <StatsSection />
      <FeaturesSection />
      <GlobalNetworkSection />
      <CapabilitiesSection />
      <TechnologySection />
      <ApiSection />
      <UseCasesSection />
      <EnterpriseSection />
      <CallToActionSection />
    </>
  );
}
