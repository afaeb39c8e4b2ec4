import { Card } from '@/components/ui/card';
import { CardLink } from '../primitives';
import { SupplementHighlight } from '../supplements';

/** The two supplements that suit the user today. */
export function SupplementCard() {
  return (
    <Card title="Supplement highlight" header={<CardLink href="/my_actions" label="View all supplements">View all</CardLink>}>
      <SupplementHighlight />
    </Card>
  );
}
