import Container from '@mui/material/Container';
import { HelpArticle } from '@/features/content/components/help-article.tsx';

/** The legal pages are articles in the `legal` category, so super admins edit them like any other. */
const LEGAL_ARTICLES = {
  privacy: { category: 'legal', slug: 'privacy-policy', title: 'Privacy policy' },
  terms: { category: 'legal', slug: 'terms-and-conditions', title: 'Terms and conditions' },
} as const;

function LegalPage({ page }: { page: (typeof LEGAL_ARTICLES)[keyof typeof LEGAL_ARTICLES] }) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <HelpArticle category={page.category} slug={page.slug} fallbackTitle={page.title} titleSuffix="Automate" />
    </Container>
  );
}

/** /privacypolicy */
export function PrivacyPolicyRoute() {
  return <LegalPage page={LEGAL_ARTICLES.privacy} />;
}

/** /termsandconditions */
export function TermsRoute() {
  return <LegalPage page={LEGAL_ARTICLES.terms} />;
}
