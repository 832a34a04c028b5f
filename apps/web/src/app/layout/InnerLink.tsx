/** An embedded external page inside the main area (component 'InnerLink'). */
export function InnerLink({ src }: { src: string }) {
  return (
    <iframe
      title={src}
      src={src}
      style={{ width: '100%', height: 'calc(100vh - 130px)', border: 0, display: 'block' }}
      sandbox="allow-forms allow-scripts allow-same-origin allow-popups"
    />
  );
}
