import { ArgsType, Field } from 'type-graphql';
import { MediaType, ResourceType } from './media.type';
import { PageArgs } from './paging.type';

@ArgsType()
export class MediaArgs extends PageArgs {
  @Field(() => ResourceType, { description: 'What the media belongs to.' })
  resourceType!: ResourceType;

  @Field(() => String, { description: 'Id of the resource; the code for ATTRIBUTE.' })
  resourceId!: string;

  @Field(() => MediaType, { description: 'Only images or only videos; both when omitted.', nullable: true })
  mediaType?: MediaType | null;

  @Field(() => String, { nullable: true, description: 'Content type name (Poster, Interior, …).' })
  contentType?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Image size name: only items with a rendition of that size, and only those renditions.',
  })
  size?: string | null;
}
