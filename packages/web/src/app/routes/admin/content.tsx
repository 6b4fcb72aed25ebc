import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function AdminArticlesRoute() {
  return (
    <PlaceholderPage
      title="Articles"
      description="Help articles and the changelog, to search, write in Markdown and publish."
    />
  );
}

export function AdminArticleRoute() {
  const { id = '' } = useParams();
  return <PlaceholderPage title="Article" description={`The editor for article ${id}, with images and a preview.`} />;
}

export function AdminFaqsRoute() {
  return <PlaceholderPage title="FAQ" description="Frequently asked questions, to search, write and order." />;
}

export function AdminFaqRoute() {
  const { id = '' } = useParams();
  return <PlaceholderPage title="FAQ entry" description={`The editor for FAQ entry ${id}.`} />;
}
