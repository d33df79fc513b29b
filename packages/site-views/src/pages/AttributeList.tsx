/** Named values as a definition list (a product's or a document's attributes); nothing when empty. */
export function AttributeList({ attributes }: { attributes: readonly { name: string; value: string }[] }) {
  if (attributes.length === 0) return null;
  return (
    <dl className="attributes">
      {attributes.map((a) => (
        <div key={a.name}>
          <dt>{a.name}</dt>
          <dd>{a.value}</dd>
        </div>
      ))}
    </dl>
  );
}
