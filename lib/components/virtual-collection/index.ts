export {
  collectionViews,
  VirtualCollection,
  type CollectionBaseProps,
  type CollectionBody,
  type CollectionBodyParts,
  type CollectionCallbacks,
  type CollectionHeadingLevel,
  type CollectionItemProps,
  type CollectionItemState,
  type CollectionView,
  type VirtualCollectionProps,
} from './virtual-collection.tsx'
